import type { ProviderError, ProviderFailure } from './chat-provider.js';

/** Who can fix the key: the asker (their own key), a bot's owner, or an admin (the server's). */
export type KeyFixer = 'own' | 'bot_owner' | 'server';

interface NoticeTexts {
  failure: Record<ProviderFailure, string>;
  fallback: string;
  fix: Record<KeyFixer, string>;
  /** Between sentences (Japanese sets none). */
  space: string;
}

/**
 * The notice on an answer that fell back to the extractive one, in each bot language (codes as
 * bots store them; `rs` is Russian, as the spec has it). The page name "Integrations" stays in
 * English: it is what the app's menu says.
 */
const NOTICES: Record<string, NoticeTexts> = {
  en: {
    failure: {
      auth: 'The AI provider refused the API key.',
      rate_limit: 'The AI provider is rate limiting this key; try again shortly.',
      timeout: 'The AI provider did not answer in time.',
      unavailable: 'The AI provider could not be reached.',
      rejected: 'The AI provider rejected the request (check the model name).',
    },
    fallback: 'This answer was extracted from your sources instead.',
    fix: {
      own: 'Check your key in Integrations (/app/integrations).',
      bot_owner: "The bot's owner can check the key in Integrations (/app/integrations).",
      server: "Ask your admin to check the server's AI key.",
    },
    space: ' ',
  },
  ja: {
    failure: {
      auth: 'AIプロバイダーがAPIキーを拒否しました。',
      rate_limit:
        'AIプロバイダーがこのキーのリクエストを制限しています。しばらくしてからもう一度お試しください。',
      timeout: 'AIプロバイダーが時間内に応答しませんでした。',
      unavailable: 'AIプロバイダーに接続できませんでした。',
      rejected: 'AIプロバイダーがリクエストを拒否しました（モデル名を確認してください）。',
    },
    fallback: 'そのため、この回答はソースから抜粋したものです。',
    fix: {
      own: 'Integrations（/app/integrations）でキーを確認してください。',
      bot_owner: 'ボットの所有者が Integrations（/app/integrations）でキーを確認できます。',
      server: 'サーバーのAIキーを確認するよう管理者に依頼してください。',
    },
    space: '',
  },
  es: {
    failure: {
      auth: 'El proveedor de IA rechazó la clave de API.',
      rate_limit:
        'El proveedor de IA está limitando las solicitudes de esta clave; inténtalo de nuevo en breve.',
      timeout: 'El proveedor de IA no respondió a tiempo.',
      unavailable: 'No se pudo contactar con el proveedor de IA.',
      rejected: 'El proveedor de IA rechazó la solicitud (revisa el nombre del modelo).',
    },
    fallback: 'Por eso esta respuesta se ha extraído directamente de las fuentes.',
    fix: {
      own: 'Revisa tu clave en Integrations (/app/integrations).',
      bot_owner:
        'El propietario del bot puede revisar la clave en Integrations (/app/integrations).',
      server: 'Pide a tu administrador que revise la clave de IA del servidor.',
    },
    space: ' ',
  },
  rs: {
    failure: {
      auth: 'Поставщик ИИ отклонил API-ключ.',
      rate_limit: 'Поставщик ИИ ограничивает запросы с этим ключом; повторите попытку чуть позже.',
      timeout: 'Поставщик ИИ не ответил вовремя.',
      unavailable: 'Не удалось связаться с поставщиком ИИ.',
      rejected: 'Поставщик ИИ отклонил запрос (проверьте название модели).',
    },
    fallback: 'Поэтому этот ответ составлен из фрагментов источников.',
    fix: {
      own: 'Проверьте свой ключ в разделе Integrations (/app/integrations).',
      bot_owner: 'Владелец бота может проверить ключ в разделе Integrations (/app/integrations).',
      server: 'Попросите администратора проверить ключ ИИ на сервере.',
    },
    space: ' ',
  },
};

/** The languages notices are written in (English for any other code). */
export const NOTICE_LANGUAGES = Object.keys(NOTICES);

/**
 * Why an answer is extractive although a key was tried, and who can fix the key, in `language`
 * (a bot's language code; English when absent or unknown). English keeps the error's own words,
 * which can be more precise than its kind (an empty answer, say).
 */
export function providerNotice(error: ProviderError, fixer: KeyFixer, language?: string): string {
  const texts = NOTICES[language ?? 'en'] ?? NOTICES.en;
  const failure = texts === NOTICES.en ? error.message : texts.failure[error.kind];
  return [failure, texts.fallback, texts.fix[fixer]].join(texts.space);
}
