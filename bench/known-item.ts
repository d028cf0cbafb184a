/**
 * Known-item collections derived from the shared ones, for the question the classic collections
 * cannot answer: does the ranking lose to plain BM25 when a question has exactly one right
 * document? The seven shared collections hold 18 such questions, too few to tell a loss from a
 * coin (docs/RANKING.md, round three). Here each sampled document's title becomes the question and
 * the document, stripped of its title, the one relevant answer, in the whole collection stripped
 * of titles: a question worded apart from its answer, as a claim is from the abstract that
 * supports it (known-item simulation, as in Azzopardi, de Rijke & Balog 2007, with the title as
 * the searcher's recollection).
 *
 * Excluded from the questions: titles of fewer than three words, a title written out inside its
 * own text (a string match, not a search), and documents whose text another document repeats
 * (two right answers). The sample is fixed (the first by SHA-256 of the id), so every run asks the
 * same questions. The collection is written in the BEIR layout under $TMPDIR and loaded like any
 * other.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The shared collections with titles (MED and NPL have none). */
export const KNOWN_ITEM_SOURCES = ['cranfield', 'cisi', 'cacm', 'lisa', 'cf'];
/** Questions per collection (`KNOWN_ITEMS=600` for a larger sample; the cache still applies). */
export const KNOWN_ITEM_QUESTIONS = Number(process.env.KNOWN_ITEMS) || 200;

const SUFFIX = '-known';
/** Whether a collection (by its folder's name) is a known-item one. */
export const isKnownItem = (name: string) => name.endsWith(SUFFIX);
/** The corpus a collection is built on: a known-item collection and its source share one. */
export const corpusOf = (name: string) =>
  isKnownItem(name) ? name.slice(0, -SUFFIX.length) : name;

const wordsOf = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/**
 * The text without the title it opens with (Cranfield's abstracts repeat their title first),
 * matched word by word whatever the punctuation between.
 */
export function withoutLeadingTitle(title: string, text: string): string {
  const words = wordsOf(title);
  if (words.length === 0) return text;
  const opening = new RegExp(`^[^a-z0-9]*${words.join('[^a-z0-9]+')}(?![a-z0-9])[^a-z0-9]*`, 'i');
  return text.replace(opening, '').trim();
}

/** Writes the known-item collection derived from `sourceDir`; returns its folder. */
export function knownItemCollection(sourceDir: string): string {
  const source = path.basename(path.resolve(sourceDir));
  const dir = path.join(os.tmpdir(), 'lumen-known-item', `${source}${SUFFIX}`);
  const docs = fs
    .readFileSync(path.join(sourceDir, 'corpus.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { _id: string; title?: string; text?: string });

  const corpus: { _id: string; title: string; text: string }[] = [];
  const bodies = new Map<string, number>();
  for (const doc of docs) {
    const text = withoutLeadingTitle(doc.title ?? '', (doc.text ?? '').trim());
    if (!text) continue;
    corpus.push({ _id: doc._id, title: '', text });
    const key = wordsOf(text).join(' ');
    bodies.set(key, (bodies.get(key) ?? 0) + 1);
  }
  const titleOf = new Map(docs.map((d) => [d._id, (d.title ?? '').trim()]));
  const eligible = corpus.filter((doc) => {
    const title = wordsOf(titleOf.get(doc._id) ?? '');
    const body = wordsOf(doc.text).join(' ');
    return (
      title.length >= 3 && !` ${body} `.includes(` ${title.join(' ')} `) && bodies.get(body) === 1
    );
  });
  const order = (id: string) => createHash('sha256').update(id).digest('hex');
  const asked = eligible
    .map((doc) => ({ doc, key: order(doc._id) }))
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .slice(0, KNOWN_ITEM_QUESTIONS)
    .map(({ doc }) => doc);

  fs.mkdirSync(dir, { recursive: true });
  const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
  fs.writeFileSync(path.join(dir, 'corpus.jsonl'), jsonl(corpus));
  fs.writeFileSync(
    path.join(dir, 'queries.jsonl'),
    jsonl(asked.map((doc) => ({ _id: `k${doc._id}`, text: titleOf.get(doc._id) }))),
  );
  fs.writeFileSync(
    path.join(dir, 'qrels.tsv'),
    ['query-id\tcorpus-id\tscore', ...asked.map((doc) => `k${doc._id}\t${doc._id}\t1`)].join('\n') +
      '\n',
  );
  return dir;
}
