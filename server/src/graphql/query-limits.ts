import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type SelectionSetNode,
  type ValidationContext,
  type FragmentDefinitionNode,
} from 'graphql';

/**
 * Validation rules that refuse abusive queries before they run: nesting deeper than `maxDepth`,
 * or more than `maxFields` field selections once fragments are expanded (a simple cost).
 */
export function queryLimits(maxDepth: number, maxFields: number) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    return {
      OperationDefinition(node) {
        let fields = 0;
        const walk = (set: SelectionSetNode, depth: number, seen: Set<string>): void => {
          if (depth > maxDepth) throw tooComplex(`Query is nested deeper than ${maxDepth} levels.`);
          for (const selection of set.selections) {
            if (selection.kind === Kind.FIELD) {
              if (++fields > maxFields)
                throw tooComplex(`Query selects more than ${maxFields} fields.`);
              if (selection.selectionSet) walk(selection.selectionSet, depth + 1, seen);
            } else if (selection.kind === Kind.INLINE_FRAGMENT) {
              walk(selection.selectionSet, depth, seen);
            } else {
              const name = selection.name.value;
              const fragment = fragments.get(name);
              if (fragment && !seen.has(name))
                walk(fragment.selectionSet, depth, new Set(seen).add(name));
            }
          }
        };
        try {
          walk(node.selectionSet, 1, new Set());
        } catch (error) {
          if (error instanceof GraphQLError) context.reportError(error);
          else throw error;
        }
      },
    };
  };
}

function tooComplex(message: string) {
  return new GraphQLError(message, { extensions: { code: 'QUERY_TOO_COMPLEX' } });
}
