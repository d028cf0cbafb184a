import { describe, expect, it } from 'vitest';
import { BOT_LANGUAGES } from '../modules/bots/bot.entity.js';
import { ProviderError } from './chat-provider.js';
import { NOTICE_LANGUAGES, providerNotice } from './provider-notices.js';

const timeout = new ProviderError('timeout', 'The AI provider did not answer in time.');

describe('provider failure notices', () => {
  it('say what failed, that the answer is extracted, and who can fix the key', () => {
    expect(providerNotice(timeout, 'own')).toBe(
      'The AI provider did not answer in time. This answer was extracted from your sources instead. Check your key in Integrations (/app/integrations).',
    );
    expect(providerNotice(timeout, 'server')).toMatch(
      /Ask your admin to check the server's AI key\.$/,
    );
    expect(providerNotice(timeout, 'bot_owner')).toMatch(/The bot's owner can check the key/);
  });

  it('are written in the bot language, English for any other', () => {
    expect(providerNotice(timeout, 'bot_owner', 'es')).toBe(
      'El proveedor de IA no respondió a tiempo. Por eso esta respuesta se ha extraído directamente de las fuentes. El propietario del bot puede revisar la clave en Integrations (/app/integrations).',
    );
    expect(providerNotice(timeout, 'own', 'ja')).toMatch(
      /^AIプロバイダーが時間内に応答しませんでした。/,
    );
    expect(providerNotice(timeout, 'server', 'rs')).toMatch(/^Поставщик ИИ не ответил вовремя\./);
    expect(providerNotice(timeout, 'own', 'xx')).toBe(providerNotice(timeout, 'own'));
    // Every language a bot can have.
    expect([...NOTICE_LANGUAGES].sort()).toEqual([...BOT_LANGUAGES].sort());
  });
});
