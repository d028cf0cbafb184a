import { GraphQLError, type ASTVisitor, type ValidationContext } from 'graphql';

/**
 * Refuses string literals holding a NUL character ("\u0000" in the query text): Postgres
 * cannot store one in text. Variables are checked on the JSON body (http/reject-nul.ts).
 */
export function noNulStrings(context: ValidationContext): ASTVisitor {
  return {
    StringValue(node) {
      if (node.value.includes('\u0000'))
        context.reportError(
          new GraphQLError('Text may not contain NUL characters (\\u0000).', {
            nodes: [node],
            extensions: { code: 'BAD_USER_INPUT' },
          }),
        );
    },
  };
}
