/**
 * A stand-in for a model that reads meaning perfectly and writes in its own words, for the
 * loopback fake of OpenAI: it is told the fact the bench expects (`expect`), answers with that
 * fact inside a sentence made of the question's words (as a model restates what was asked:
 * "To fly business you need: written approval from the CFO [2].") citing the passage that holds
 * it, and says the sources do not cover the question when no passage given to it holds the fact.
 * It measures what the pipeline does around a model that paraphrases: whether the passage
 * reached the prompt (context recall), and whether a right answer in other words survives the
 * citation check. Follow-up rewrites are answerModel's.
 */
import type { FakeOpenAIRequest, FakeReply } from '../../server/test/helpers/fake-openai.js';
import { answerModel, NOT_COVERED, textOf } from './answer-model.js';

const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** The question in other words: its wh-word dropped, "I"/"we" put as "you". */
function restated(question: string): string {
  return question
    .trim()
    .replace(/\?+$/, '')
    .replace(/^(and|but|so)\s+/i, '')
    .replace(
      /^(what|who|whom|which|where|when|why|how( much| many| long| often| late| far| soon)?)('s|\s+is|\s+are|\s+do|\s+does|\s+did|\s+can|\s+should|\s+will)?\s+/i,
      '',
    )
    .replace(/\b(I|we)\b/g, 'you')
    .replace(/\b(my|our)\b/gi, 'your');
}

export function paraphraseModel(expect: () => string | null) {
  return (req: FakeOpenAIRequest): FakeReply => {
    const messages: { role: string; content: unknown }[] = req.body?.messages ?? [];
    const system = messages.find((m) => m.role === 'system');
    if (system && /standalone/i.test(textOf(system.content))) return answerModel(req);
    const user = textOf([...messages].reverse().find((m) => m.role === 'user')?.content);
    const at = user.lastIndexOf('\n\nQuestion:');
    const question = at === -1 ? user : user.slice(at + '\n\nQuestion:'.length).trim();
    const context = at === -1 ? '' : user.slice(0, at);
    const fact = expect();
    if (fact === null) return { kind: 'answer', text: NOT_COVERED };
    const heads = [...context.matchAll(/^\[(\d+)\] .*$/gm)];
    const holding = heads.find((head, i) => {
      const end = i + 1 < heads.length ? heads[i + 1].index : context.length;
      return squash(context.slice(head.index, end)).includes(squash(fact));
    });
    if (!holding) return { kind: 'answer', text: NOT_COVERED };
    return {
      kind: 'answer',
      text: `As for ${restated(question)}: ${fact} [${holding[1]}].`,
    };
  };
}
