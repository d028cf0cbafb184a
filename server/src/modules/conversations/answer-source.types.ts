import { Field, ID, Int, ObjectType } from 'type-graphql';
import { documentUrl, type Passage } from '../corpus/index.js';

@ObjectType('AskSource', {
  description: 'A passage the answer was written from, cited as [number].',
})
export class AskSourceType {
  @Field(() => Int)
  number: number;

  @Field(() => String)
  title: string;

  @Field(() => String, {
    description:
      'A connected item’s page in its tool (Confluence, Jira); for a file, the in-app viewer at the passage.',
  })
  url: string;

  @Field(() => String, {
    description:
      'The in-app document viewer at the passage (`/app/documents/<id>?passage=4`), for a connected item too: the whole text with the passage highlighted, and a link to the tool.',
  })
  viewerUrl: string;

  @Field(() => ID)
  documentId: string;

  @Field(() => String)
  sourceKind: string;

  @Field(() => String)
  sourceName: string;

  @Field(() => String, { nullable: true, description: 'Page 3, Slide 2, Sheet Budget.' })
  location: string | null;

  @Field(() => String, { description: 'The start of the passage, plain text.' })
  excerpt: string;

  /** `index` numbers a passage that carries no number of its own (the list position). */
  static from(p: Passage & { number?: number }, index = 0): AskSourceType {
    return Object.assign(new AskSourceType(), {
      number: p.number ?? index + 1,
      title: p.title,
      url: p.url,
      viewerUrl: documentUrl(p.documentId, p.location, p.ordinal),
      documentId: p.documentId,
      sourceKind: p.sourceKind,
      sourceName: p.sourceName,
      location: p.locationLabel,
      excerpt: p.text.length > 300 ? `${p.text.slice(0, 299).trimEnd()}…` : p.text,
    });
  }

  /**
   * A source as a conversation turn stored it. Turns stored before `viewerUrl` existed open the
   * viewer at the cited place when their url was one, else at the document's top.
   */
  static stored(s: Omit<AskSourceType, 'viewerUrl'> & { viewerUrl?: string }): AskSourceType {
    const viewerUrl =
      s.viewerUrl ??
      (s.url.startsWith('/app/documents/') ? s.url : `/app/documents/${s.documentId}`);
    return Object.assign(new AskSourceType(), s, { viewerUrl });
  }
}
