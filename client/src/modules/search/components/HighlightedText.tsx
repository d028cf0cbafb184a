import { useMemo } from 'react';
import { highlightPieces, type TextRange } from '../highlight';

/** Plain text with the matched words in `<mark>`: built from text pieces, never from HTML. */
export function HighlightedText({
  text,
  highlights,
}: {
  text: string;
  highlights: readonly TextRange[];
}) {
  const pieces = useMemo(() => highlightPieces(text, highlights), [text, highlights]);
  return (
    <>{pieces.map((piece, i) => (piece.marked ? <mark key={i}>{piece.text}</mark> : piece.text))}</>
  );
}
