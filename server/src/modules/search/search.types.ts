import { ArrayMaxSize, IsOptional, MaxLength } from 'class-validator';
import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { DocumentType } from '../sources/sources.types.js';
import type { AskResult } from './ask.service.js';
import { documentUrl } from '../corpus/index.js';
import type { DocumentHit } from './search.service.js';
import { AnswerModeEnum } from '../../graphql/closed-sets.js';
import { AskSourceType } from '../conversations/answer-source.types.js';

@InputType({ description: 'A question, optionally narrowed to some integrations.' })
export class AskInput {
  @Field(() => String)
  @MaxLength(4000) // the service's own rule (1,000 after trimming) gives the clear message
  question: string;

  @Field(() => [String], {
    nullable: true,
    description: 'confluence, jira, google_docs, github, file_upload; none means every source.',
  })
  @IsOptional()
  @ArrayMaxSize(10)
  integrations?: string[] | null;

  @Field(() => ID, {
    nullable: true,
    description: 'The conversation this question follows up on; none starts a new one.',
  })
  @IsOptional()
  conversationId?: string | null;
}

@ObjectType('AskTimings', { description: 'Where the time went, in milliseconds.' })
export class AskTimingsType {
  @Field(() => Float)
  retrievalMs: number;

  @Field(() => Float)
  answerMs: number;

  @Field(() => Float)
  totalMs: number;
}

@ObjectType('AskResult')
export class AskResultType {
  @Field(() => ID, { nullable: true, description: 'The history entry of this question.' })
  id: string | null;

  @Field(() => ID, {
    nullable: true,
    description: 'The conversation the answer belongs to; send it with a follow-up.',
  })
  conversationId: string | null;

  @Field(() => ID, { nullable: true, description: 'This answer in its conversation (rate it).' })
  turnId: string | null;

  @Field(() => String)
  question: string;

  @Field(() => String, {
    description: 'What was searched: the question, or a follow-up made to stand on its own.',
  })
  searchQuery: string;

  @Field(() => String, { description: 'Plain text with [n] citations (never HTML).' })
  answer: string;

  @Field(() => Boolean, {
    description:
      'False when the sources do not say: the answer is the not-found answer, `sources` is empty and the closest passages are in `related`.',
  })
  found: boolean;

  @Field(() => AnswerModeEnum)
  mode: string;

  @Field(() => String, {
    nullable: true,
    description: 'Why the answer is extractive although a model is configured.',
  })
  notice: string | null;

  @Field(() => String, {
    description:
      'The AI key behind the answer: ok, cooling_down (failing; skipped for a while, answers extractive), invalid (refused by the provider until saved again) or none (no key). A notice is given once; later answers say only this.',
  })
  providerState: string;

  @Field(() => String, { nullable: true })
  model: string | null;

  @Field(() => [AskSourceType], { description: 'The passages the answer cites.' })
  sources: AskSourceType[];

  @Field(() => [AskSourceType], {
    description: 'Passages found for the question that the answer does not cite.',
  })
  related: AskSourceType[];

  @Field(() => AskTimingsType)
  timings: AskTimingsType;

  static from(r: AskResult): AskResultType {
    return Object.assign(new AskResultType(), {
      id: r.historyId,
      conversationId: r.conversationId,
      turnId: r.turnId,
      question: r.question,
      searchQuery: r.searchQuery,
      answer: r.answer,
      found: r.found,
      mode: r.mode,
      notice: r.notice,
      providerState: r.providerState,
      model: r.model,
      sources: r.sources.map((p) => AskSourceType.from(p)),
      related: r.related.map((p) => AskSourceType.from(p)),
      timings: Object.assign(new AskTimingsType(), r.timings),
    });
  }
}

@ObjectType('TextRange')
export class TextRangeType {
  @Field(() => Int)
  start: number;

  @Field(() => Int)
  length: number;
}

@ObjectType('SearchHit', { description: 'A document matching a search, with its best passage.' })
export class SearchHitType {
  @Field(() => ID)
  documentId: string;

  @Field(() => String)
  title: string;

  @Field(() => String)
  url: string;

  @Field(() => String, {
    description: 'The in-app document viewer at the best passage, for a connected item too.',
  })
  viewerUrl: string;

  @Field(() => String)
  sourceKind: string;

  @Field(() => String)
  sourceName: string;

  @Field(() => String, { nullable: true, description: 'Who added the document.' })
  author: string | null;

  @Field(() => Date)
  date: Date;

  @Field(() => String, { nullable: true })
  location: string | null;

  @Field(() => String, { description: 'Fragments of the best passage, plain text.' })
  snippet: string;

  @Field(() => [TextRangeType], { description: 'The matched words inside snippet.' })
  highlights: TextRangeType[];

  static from(hit: DocumentHit): SearchHitType {
    const p = hit.passage;
    return Object.assign(new SearchHitType(), {
      documentId: p.documentId,
      title: p.title,
      url: p.url,
      viewerUrl: documentUrl(p.documentId, p.location, p.ordinal),
      sourceKind: p.sourceKind,
      sourceName: p.sourceName,
      author: p.author,
      date: p.date,
      location: p.locationLabel,
      snippet: hit.snippet,
      highlights: hit.highlights.map((h) => Object.assign(new TextRangeType(), h)),
    });
  }
}

@ObjectType('SearchResults')
export class SearchResultsType {
  @Field(() => String)
  query: string;

  @Field(() => [SearchHitType])
  hits: SearchHitType[];

  @Field(() => Float)
  tookMs: number;
}

@ObjectType('RecentQuestion')
export class RecentQuestionType {
  @Field(() => String)
  question: string;

  @Field(() => String, { description: 'ask or search' })
  kind: string;

  @Field(() => Date)
  askedAt: Date;
}

@ObjectType('PopularQuestion')
export class PopularQuestionType {
  @Field(() => String)
  question: string;

  @Field(() => Int)
  count: number;

  @Field(() => Date)
  lastAskedAt: Date;
}

@ObjectType('ViewedDocument')
export class ViewedDocumentType {
  @Field(() => DocumentType)
  document: DocumentType;

  @Field(() => String)
  url: string;

  @Field(() => Date)
  viewedAt: Date;
}

@ObjectType('DocumentPassage')
export class DocumentPassageType {
  @Field(() => Int)
  ordinal: number;

  @Field(() => String, { nullable: true })
  location: string | null;

  @Field(() => String, { nullable: true, description: 'page, slide, sheet or document' })
  locationKind: string | null;

  @Field(() => Int, { nullable: true })
  locationIndex: number | null;

  @Field(() => String)
  text: string;
}

@ObjectType('DocumentContent', {
  description: 'A document as the viewer shows it: its indexed passages.',
})
export class DocumentContentType {
  @Field(() => DocumentType)
  document: DocumentType;

  @Field(() => String)
  sourceName: string;

  @Field(() => String, {
    description: 'file_upload, confluence, jira, google_docs or github: the tool a link opens.',
  })
  sourceKind: string;

  @Field(() => [DocumentPassageType])
  passages: DocumentPassageType[];
}
