/**
 * Markdown kept as Markdown (the indexer chunks text), minus what only adds noise to search:
 * HTML comments (issue templates are full of them), images (their alt text stays) and
 * image-like HTML tags.
 */
export function markdownToText(markdown: string | null | undefined): string {
  if (!markdown) return '';
  return markdown
    .replace(/\r\n?/g, '\n')
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/!\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<(?:img|picture|source)\b[^>]*>|<\/picture>/gi, '')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
