export type FileFormat =
  | 'pdf'
  | 'doc'
  | 'docx'
  | 'xls'
  | 'xlsx'
  | 'ppt'
  | 'pptx'
  | 'txt'
  | 'md'
  | 'csv'
  | 'html'
  | 'json'
  | 'rtf'
  | 'odt'
  | 'ods'
  | 'odp';

/** Where a section sits in its document, so an answer can point into it. `index` is 1-based. */
export interface SectionLocation {
  kind: 'page' | 'sheet' | 'slide' | 'document';
  index: number;
  /** Sheet name for spreadsheets (a CSV file's is its file name). */
  name?: string;
}

export interface ParsedSection {
  text: string;
  location: SectionLocation;
}

export interface ParsedDocument {
  format: FileFormat;
  /** From the document's own metadata when it has one, else null. */
  title: string | null;
  sections: ParsedSection[];
}

/** What each format parser returns before parseDocument normalises it. */
export interface RawDocument {
  title: string | null;
  sections: ParsedSection[];
}
