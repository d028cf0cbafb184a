import { IsOptional, Matches, MaxLength, ValidateNested } from 'class-validator';
import { SourceAccessInput } from '../access/access.types.js';
import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { SourceConnectionType } from '../connectors/connectors.types.js';
import type { DocumentCounts, DocumentOrder, Source, SourceDocument } from '../corpus/index.js';
import { DocumentStatusEnum } from '../../graphql/closed-sets.js';
import { PageInfo } from '../../graphql/page-info.js';

export const DocumentOrderEnum = {
  STATUS: 'STATUS',
  NAME: 'NAME',
  UPDATED: 'UPDATED',
} as const;
registerEnumType(DocumentOrderEnum, {
  name: 'DocumentOrder',
  description: 'How a source’s documents are listed; ties are broken by id, so paging is stable.',
  valuesConfig: {
    STATUS: { description: 'Failed first, then being indexed, then indexed; newest first within.' },
    NAME: { description: 'By fileName (a connected item’s title), case-insensitively.' },
    UPDATED: { description: 'By updatedAt, newest first.' },
  },
});

/** The service's name for a GraphQL DocumentOrder. */
export const documentOrderOf = (value: keyof typeof DocumentOrderEnum): DocumentOrder =>
  value === 'NAME' ? 'name' : value === 'UPDATED' ? 'updated' : 'status';

@ObjectType('Document', { description: 'A file of a source and where its indexing stands.' })
export class DocumentType {
  @Field(() => ID)
  id: string;

  @Field(() => ID)
  sourceId: string;

  @Field(() => String)
  title: string;

  @Field(() => String, { description: 'The file’s name; for a connected item, its title.' })
  fileName: string;

  @Field(() => String, {
    description: 'MIME type of a file; for a connected item, e.g. confluence/page or jira/issue.',
  })
  fileType: string;

  @Field(() => String, {
    nullable: true,
    description: 'Where a connected item lives in its tool (null for uploaded files).',
  })
  webUrl: string | null;

  @Field(() => Float, { description: 'Bytes.' })
  fileSize: number;

  @Field(() => Boolean, {
    description:
      'Whether the original file is stored (uploads): GET /api/documents/{id}/file downloads it.',
  })
  hasFile: boolean;

  @Field(() => DocumentStatusEnum)
  status: string;

  @Field(() => Int, { description: '0–100 while parsing and indexing.' })
  progress: number;

  @Field(() => String, { nullable: true, description: 'Why indexing failed, in plain words.' })
  error: string | null;

  @Field(() => Int)
  chunkCount: number;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date, { nullable: true })
  indexedAt: Date | null;

  @Field(() => Date, {
    description:
      'When the item last changed: its tool’s time for a connected item, the upload’s for a file.',
  })
  updatedAt: Date;

  static from(doc: SourceDocument): DocumentType {
    return Object.assign(new DocumentType(), {
      id: doc.id,
      sourceId: doc.sourceId,
      title: doc.title,
      fileName: doc.fileName,
      fileType: doc.fileType,
      webUrl: doc.webUrl,
      fileSize: doc.fileSize,
      hasFile: Boolean(doc.storageKey),
      status: doc.status,
      progress: doc.progress,
      error: doc.error,
      chunkCount: doc.chunkCount,
      createdAt: doc.createdAt,
      indexedAt: doc.indexedAt,
      updatedAt: doc.externalUpdatedAt ?? doc.createdAt,
    });
  }
}

@ObjectType('Source', { description: 'A connected source of the workspace.' })
export class SourceType {
  @Field(() => ID)
  id: string;

  @Field(() => String, { description: 'file_upload, confluence or jira' })
  kind: string;

  @Field(() => String)
  name: string;

  @Field(() => String)
  description: string;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => SourceConnectionType, {
    nullable: true,
    description: 'For a connected tool: its site and where its sync stands (null for uploads).',
  })
  connection: SourceConnectionType | null;

  @Field(() => Int)
  documentCount: number;

  @Field(() => Int, { description: 'Documents whose indexing finished.' })
  indexedCount: number;

  @Field(() => Int, { description: 'Documents that failed to index.' })
  failedCount: number;

  @Field(() => Int, { description: 'Documents queued or being indexed.' })
  pendingCount: number;

  @Field(() => Int, { description: 'Chunks across the indexed documents.' })
  chunkCount: number;

  @Field(() => Date, {
    nullable: true,
    description:
      'When the connected tool’s permissions were last read in full (a source whose access is MIRROR); null before the first read and for uploads.',
  })
  permissionsCheckedAt: Date | null;

  @Field(() => String, {
    nullable: true,
    description:
      'ok, or degraded when the connection’s account may not read the tool’s permissions (its documents are then readable only by the owner); null for uploads and sources that never mirrored.',
  })
  permissionsState: string | null;

  /** The row it was made from (the access fields resolve from it). */
  entity: Source;

  static from(source: Source, counts?: DocumentCounts): SourceType {
    return Object.assign(new SourceType(), {
      entity: source,
      id: source.id,
      kind: source.kind,
      name: source.name,
      description: source.description,
      createdAt: source.createdAt,
      connection: SourceConnectionType.from(source),
      documentCount: counts?.documents ?? 0,
      indexedCount: counts?.indexed ?? 0,
      failedCount: counts?.failed ?? 0,
      pendingCount: counts?.pending ?? 0,
      chunkCount: counts?.chunks ?? 0,
      permissionsCheckedAt: source.permissionsCheckedAt ?? null,
      permissionsState: source.permissionsState ?? null,
    });
  }
}

@InputType()
export class CreateUploadSourceInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200)
  name?: string;

  @Field(() => String, { description: 'Required: what these files are about.' })
  @MaxLength(2000, { message: 'The description is at most 2000 characters.' })
  description: string;

  @Field(() => SourceAccessInput, {
    nullable: true,
    description:
      'Who reads the files: WORKSPACE (the default) or RESTRICTED to chosen people and groups.',
  })
  @IsOptional()
  @ValidateNested()
  access?: SourceAccessInput;
}

@InputType()
export class CreateUploadInput {
  @Field(() => String)
  @MaxLength(255)
  fileName: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The media type the PUT will carry as Content-Type (none: application/octet-stream).',
  })
  @IsOptional()
  @MaxLength(200)
  fileType?: string;

  @Field(() => Float, {
    nullable: true,
    description:
      'The file size in bytes. When given, the PUT must be no larger and the quota holds exactly this much until confirm.',
  })
  @IsOptional()
  fileSize?: number;

  @Field(() => ID, {
    nullable: true,
    description: 'The upload source to add the file to; default "Uploaded files".',
  })
  @IsOptional()
  sourceId?: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The file’s SHA-256 in hex: a file already in the workspace is then refused (DUPLICATE_DOCUMENT) before its bytes are sent. The server checks the stored bytes at confirm either way.',
  })
  @IsOptional()
  @Matches(/^[0-9a-fA-F]{64}$/, {
    message: 'contentHash is the SHA-256 of the file, in hex (64 characters).',
  })
  contentHash?: string;

  @Field(() => ID, {
    nullable: true,
    description:
      'An uploaded document this file replaces (e.g. the one a DUPLICATE_DOCUMENT named): it is deleted, with its index, once this file is confirmed.',
  })
  @IsOptional()
  replaceDocumentId?: string;
}

@ObjectType({
  description: 'Where to PUT the file (step 2), and the key to confirm it with (step 3).',
})
export class UploadTicket {
  @Field(() => String)
  fileKey: string;

  @Field(() => String)
  uploadUrl: string;

  @Field(() => Date)
  expiresAt: Date;

  @Field(() => Float)
  maxBytes: number;
}

@ObjectType({ description: 'A page of a source’s documents.' })
export class DocumentConnection {
  @Field(() => [DocumentType])
  nodes: DocumentType[];

  @Field(() => PageInfo)
  pageInfo: PageInfo;
}

@ObjectType({ description: 'A document of the workspace that already holds a file’s bytes.' })
export class UploadDuplicate {
  @Field(() => String, { description: 'The SHA-256 asked about (lower-case hex).' })
  contentHash: string;

  @Field(() => ID)
  documentId: string;

  @Field(() => String)
  title: string;

  @Field(() => ID)
  sourceId: string;

  @Field(() => String)
  sourceName: string;
}
