/**
 * The label on a bot's answer made without a model, in the bot's language (its code as the
 * server stores it; `rs` is Russian, as the spec has it). English for any other code.
 * `member`: bot chat in the app; `visitor`: the public chat page.
 */
const LABELS: Record<string, { member: string; visitor: string }> = {
  en: {
    member: 'Extracted from your sources — no AI model used',
    visitor: 'Quoted from the sources — no AI model used',
  },
  ja: {
    member: 'ソースから抜粋 — AIモデルは使用していません',
    visitor: 'ソースからの引用 — AIモデルは使用していません',
  },
  es: {
    member: 'Extraído de tus fuentes — sin usar ningún modelo de IA',
    visitor: 'Citado de las fuentes — sin usar ningún modelo de IA',
  },
  rs: {
    member: 'Извлечено из ваших источников — без модели ИИ',
    visitor: 'Цитаты из источников — без модели ИИ',
  },
};

/** The languages the labels are written in. */
export const FALLBACK_LABEL_LANGUAGES = Object.keys(LABELS);

export function extractiveLabel(language: string, reader: 'member' | 'visitor'): string {
  return (LABELS[language] ?? LABELS.en)[reader];
}
