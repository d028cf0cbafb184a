/** Limits applied to every parse, whatever runs it. */

/** Largest upload parsed at all. */
export const MAX_INPUT_BYTES = 100 * 1024 * 1024;

/** Most extracted text kept for one document (about 5,000 dense pages). */
export const MAX_TEXT_CHARS = 20_000_000;

/** Zip containers (docx, xlsx, pptx): checked before and while inflating. */
export const ZIP_LIMITS = {
  maxEntries: 10_000,
  maxTotalBytes: 200 * 1024 * 1024,
  /** Ratio checked only for entries larger than this: small XML parts compress very well. */
  ratioCheckAboveBytes: 1024 * 1024,
  maxRatio: 200,
};

export type ZipLimits = typeof ZIP_LIMITS;
