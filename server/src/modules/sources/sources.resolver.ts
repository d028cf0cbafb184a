import {
  Arg,
  Authorized,
  Ctx,
  FieldResolver,
  ID,
  Int,
  Mutation,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { FileUpload } from 'graphql-upload/Upload.mjs';
import type { GraphQLContext } from '../../graphql/context.js';
import {
  CreateUploadInput,
  CreateUploadSourceInput,
  DocumentConnection,
  DocumentOrderEnum,
  documentOrderOf,
  DocumentType,
  SourceType,
  UploadDuplicate,
  UploadTicket,
} from './sources.types.js';

const MAX_DOCUMENTS_PER_SOURCE = 500;
const clampPage = (first: number) => Math.min(Math.max(first, 0), MAX_DOCUMENTS_PER_SOURCE);

@Resolver(() => SourceType)
export class SourcesResolver {
  @Authorized()
  @Query(() => [SourceType], {
    description:
      'The sources the caller sees, with their counts: the ones they may read; admins see every source (and read a restricted one only where granted).',
  })
  async sources(@Ctx() ctx: GraphQLContext): Promise<SourceType[]> {
    const sources = await ctx.services.sources.list(ctx.viewer!);
    const counts = await ctx.services.sources.countsOf(
      ctx.viewer!.workspaceId,
      sources.map((s) => s.id),
    );
    return sources.map((s) => SourceType.from(s, counts.get(s.id)));
  }

  @Authorized()
  @Query(() => SourceType, {
    description:
      'One source the caller sees (as in sources), with its counts; others are NOT_FOUND.',
  })
  async source(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<SourceType> {
    const source = await ctx.services.sources.source(ctx.viewer!, id);
    const counts = await ctx.services.sources.countsOf(ctx.viewer!.workspaceId, [source.id]);
    return SourceType.from(source, counts.get(source.id));
  }

  @FieldResolver(() => [DocumentType], {
    description: `Failed and in-progress documents first, then the newest; at most \`first\` (up to ${MAX_DOCUMENTS_PER_SOURCE}).`,
    deprecationReason: 'Use documentPage: the same order, paged with a cursor.',
  })
  async documents(
    @Root() source: SourceType,
    @Arg('first', () => Int, { defaultValue: 100 }) first: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DocumentType[]> {
    const page = await ctx.services.sources.documentPage(
      await ctx.services.readers.forViewer(ctx.viewer!),
      source.id,
      clampPage(first),
    );
    return page.nodes.map(DocumentType.from);
  }

  @FieldResolver(() => DocumentConnection, {
    description: `The source's documents a page at a time (\`first\` up to ${MAX_DOCUMENTS_PER_SOURCE}), in \`orderBy\` (default STATUS: failed and in-progress first, then the newest). A cursor pages only the order it came from.`,
  })
  async documentPage(
    @Root() source: SourceType,
    @Arg('first', () => Int, { defaultValue: 50 }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Arg('orderBy', () => DocumentOrderEnum, { defaultValue: 'STATUS' })
    orderBy: keyof typeof DocumentOrderEnum,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DocumentConnection> {
    const page = await ctx.services.sources.documentPage(
      await ctx.services.readers.forViewer(ctx.viewer!),
      source.id,
      clampPage(first),
      after,
      documentOrderOf(orderBy),
    );
    return {
      nodes: page.nodes.map(DocumentType.from),
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
    };
  }

  @Authorized()
  @Query(() => [DocumentType], {
    description:
      'Documents by id (at most 100; ids not in the workspace are left out): how a client follows the indexing of the files it shows without reading every source again.',
  })
  async documentsById(
    @Arg('ids', () => [ID]) ids: string[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<DocumentType[]> {
    const docs = await ctx.services.sources.documentsByIds(ctx.viewer!, ids);
    return docs.map(DocumentType.from);
  }

  @Authorized()
  @Query(() => [UploadDuplicate], {
    description:
      'Which of these files (SHA-256, hex; at most 100) the workspace already holds: an upload form asks before it creates a source, so a batch of files all already there creates nothing.',
  })
  async uploadDuplicates(
    @Arg('contentHashes', () => [String]) contentHashes: string[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<UploadDuplicate[]> {
    return ctx.services.uploads.duplicatesOf(ctx.viewer!, contentHashes);
  }

  @Authorized()
  @Query(() => DocumentType)
  async document(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DocumentType> {
    return DocumentType.from(await ctx.services.sources.document(ctx.viewer!, id));
  }

  @Authorized('source.write')
  @Mutation(() => SourceType, {
    description: 'A named file-upload source (the upload dialog’s Name and Description).',
  })
  async createUploadSource(
    @Arg('input', () => CreateUploadSourceInput) input: CreateUploadSourceInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SourceType> {
    return SourceType.from(await ctx.services.sourceAdmin.createUploadSource(ctx.viewer!, input));
  }

  @Authorized('source.write')
  @Mutation(() => UploadTicket, {
    description:
      'Step 1 of an upload: a signed URL to PUT the file to, once, with the declared Content-Type.',
  })
  async createUpload(
    @Arg('input', () => CreateUploadInput) input: CreateUploadInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<UploadTicket> {
    const upload = await ctx.services.uploads.createUpload(ctx.viewer!, input);
    return {
      fileKey: upload.fileKey,
      uploadUrl: upload.uploadUrl,
      expiresAt: upload.expiresAt,
      maxBytes: upload.maxBytes,
    };
  }

  @Authorized('source.write')
  @Mutation(() => DocumentType, {
    description:
      'Step 3: registers the uploaded file and queues its indexing; the URL can no longer be used.',
  })
  async confirmUpload(
    @Arg('fileKey', () => String) fileKey: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DocumentType> {
    return DocumentType.from(await ctx.services.uploads.confirmUpload(ctx.viewer!, { fileKey }));
  }

  @Authorized('source.write')
  @Mutation(() => DocumentType, {
    description:
      'For API consumers: the file in a GraphQL multipart request (send Apollo-Require-Preflight: true). Browsers use createUpload + PUT + confirmUpload.',
  })
  async uploadDocument(
    @Arg('file', () => GraphQLUpload) file: Promise<FileUpload>,
    @Arg('sourceId', () => ID, { nullable: true }) sourceId: string | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DocumentType> {
    const upload = await file;
    const doc = await ctx.services.uploads.uploadStream(ctx.viewer!, {
      fileName: upload.filename,
      fileType: upload.mimetype,
      sourceId: sourceId ?? null,
      openStream: () => upload.createReadStream(),
    });
    return DocumentType.from(doc);
  }

  @Authorized('source.write')
  @Mutation(() => Boolean)
  async deleteDocument(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.sourceAdmin.deleteDocument(ctx.viewer!, id);
    return true;
  }

  @Authorized('source.write')
  @Mutation(() => Boolean, {
    description: 'Deletes the source with its documents and their index.',
  })
  async deleteSource(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.sourceAdmin.deleteSource(ctx.viewer!, id);
    return true;
  }
}
