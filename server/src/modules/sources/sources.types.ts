import { IsOptional, MaxLength } from 'class-validator';
import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { SourceDocument } from './document.entity.js';
import type { Source } from './source.entity.js';

@ObjectType('Document', { description: 'A file of a source and where its indexing stands.' })
export class DocumentType {
  @Field(() => ID)
  id: string;

  @Field(() => ID)
  sourceId: string;

  @Field(() => String)
  title: string;

  @Field(() => String)
  fileName: string;

  @Field(() => String)
  fileType: string;

  @Field(() => Float, { description: 'Bytes.' })
  fileSize: number;

  @Field(() => String, { description: 'queued, parsing, indexed or failed' })
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

  static from(doc: SourceDocument): DocumentType {
    return Object.assign(new DocumentType(), {
      id: doc.id,
      sourceId: doc.sourceId,
      title: doc.title,
      fileName: doc.fileName,
      fileType: doc.fileType,
      fileSize: doc.fileSize,
      status: doc.status,
      progress: doc.progress,
      error: doc.error,
      chunkCount: doc.chunkCount,
      createdAt: doc.createdAt,
      indexedAt: doc.indexedAt,
    });
  }
}

@ObjectType('Source', { description: 'A connected source of the workspace.' })
export class SourceType {
  @Field(() => ID)
  id: string;

  @Field(() => String, {
    description: 'file_upload (connectors arrive later: confluence, jira, google_docs)',
  })
  kind: string;

  @Field(() => String)
  name: string;

  @Field(() => String)
  description: string;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => [DocumentType])
  documents: DocumentType[];

  @Field(() => Int)
  documentCount: number;

  @Field(() => Int, { description: 'Documents whose indexing finished.' })
  indexedCount: number;

  @Field(() => Int, { description: 'Chunks across the indexed documents.' })
  chunkCount: number;

  static from(source: Source, documents: SourceDocument[]): SourceType {
    return Object.assign(new SourceType(), {
      id: source.id,
      kind: source.kind,
      name: source.name,
      description: source.description,
      createdAt: source.createdAt,
      documents: documents.map(DocumentType.from),
      documentCount: documents.length,
      indexedCount: documents.filter((d) => d.status === 'indexed').length,
      chunkCount: documents.reduce((n, d) => n + d.chunkCount, 0),
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
}

@InputType()
export class CreateUploadInput {
  @Field(() => String)
  @MaxLength(255)
  fileName: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200)
  fileType?: string;

  @Field(() => ID, {
    nullable: true,
    description: 'The upload source to add the file to; default "Uploaded files".',
  })
  @IsOptional()
  sourceId?: string;
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
