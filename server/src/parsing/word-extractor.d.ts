// word-extractor ships no types; this covers the part parse-doc.ts uses.
declare module 'word-extractor' {
  interface WordExtractorDocument {
    getBody(): string;
    getFootnotes(): string;
    getEndnotes(): string;
    getTextboxes(options?: { includeHeadersAndFooters?: boolean; includeBody?: boolean }): string;
  }

  export default class WordExtractor {
    extract(source: string | Buffer): Promise<WordExtractorDocument>;
  }
}
