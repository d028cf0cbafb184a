export type FileFormat = 'pdf' | 'doc' | 'docx' | 'xls' | 'xlsx' | 'ppt' | 'pptx' | 'txt';

/** Where a section sits in its document, so an answer can point into it. `index` is 1-based. */
export interface SectionLocation {
  kind: 'page' | 'sheet' | 'slide' | 'document';
  index: number;
  /** Sheet name for spreadsheets. */
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
