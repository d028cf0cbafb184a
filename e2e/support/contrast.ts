import type { Page } from 'playwright-core';

export interface LowContrast {
  text: string;
  ratio: number;
  color: string;
  background: string;
}

/**
 * Text of buttons, links, tabs and badges on screen (inside `scope`, a selector) whose contrast
 * with what is behind it is under WCAG AA (4.5:1; 3:1 for large text). The background is found by
 * walking up to the first opaque ancestor, blending translucent layers on the way (Mantine's light
 * and subtle variants).
 */
export function lowContrastControls(page: Page, scope = 'body'): Promise<LowContrast[]> {
  return page.evaluate((scope) => {
    type RGBA = [number, number, number, number];
    const parse = (value: string): RGBA => {
      const m = value.match(/rgba?\(([^)]+)\)/);
      if (!m) return [0, 0, 0, 0];
      const parts = m[1]
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
    };
    const over = (top: RGBA, bottom: RGBA): RGBA => {
      const a = top[3] + bottom[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mix = (i: number) => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const luminance = ([r, g, b]: RGBA) => {
      const c = [r, g, b].map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    };
    const backgroundOf = (el: Element | null): RGBA => {
      const layers: RGBA[] = [];
      for (let node = el; node; node = node.parentElement) {
        const bg = parse(getComputedStyle(node).backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] >= 1) break;
      }
      const body = parse(getComputedStyle(document.body).backgroundColor);
      let result: RGBA = body[3] > 0 ? body : [255, 255, 255, 1];
      for (const layer of layers.reverse()) result = over(layer, result);
      return result;
    };
    const out: { text: string; ratio: number; color: string; background: string }[] = [];
    const controls = (document.querySelector(scope) ?? document).querySelectorAll(
      'button, a, [role="tab"], .mantine-Badge-root, .mantine-NavLink-root',
    );
    for (const control of Array.from(controls)) {
      const rect = control.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      // The element that draws the text: the deepest descendant holding a text node.
      const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      let textNode: Node | null;
      while ((textNode = walker.nextNode())) {
        const text = textNode.textContent?.trim();
        const holder = textNode.parentElement;
        if (!text || !holder) continue;
        const style = getComputedStyle(holder);
        if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
        if ((holder.closest('[disabled], [data-disabled]') as Element | null) !== null) continue;
        const fg = over(parse(style.color), backgroundOf(holder));
        const bg = backgroundOf(holder);
        const [l1, l2] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
        const ratio = (l1 + 0.05) / (l2 + 0.05);
        const size = parseFloat(style.fontSize);
        const bold = Number(style.fontWeight) >= 700;
        const large = size >= 24 || (bold && size >= 18.66);
        if (ratio < (large ? 3 : 4.5))
          out.push({
            text: text.slice(0, 40),
            ratio: Math.round(ratio * 100) / 100,
            color: style.color,
            background: `rgb(${bg.slice(0, 3).map(Math.round).join(', ')})`,
          });
        break;
      }
    }
    return out;
  }, scope);
}
