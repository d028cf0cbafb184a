import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';

/**
 * What a field costs when an operation selects it (aliases count once each): asking may be a
 * paid AI provider call; searching reads the index. Everything else costs nothing here (the
 * field-count limit bounds it).
 */
export const FIELD_COSTS: Readonly<Record<string, number>> = {
  ask: 10,
  askBot: 10,
  searchDocuments: 2,
};
/** Two questions (or a question and a few searches) per operation at most. */
export const MAX_OPERATION_COST = 25;

/**
 * Refuses an operation whose fields cost more than `maxCost` before anything runs: one request
 * with 150 aliased `ask` fields would otherwise be 150 provider calls.
 */
export function operationCost(maxCost = MAX_OPERATION_COST, costs = FIELD_COSTS) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions)
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    const costOf = (set: SelectionSetNode, seen: Set<string>): number => {
      let total = 0;
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          total += costs[selection.name.value] ?? 0;
          if (selection.selectionSet) total += costOf(selection.selectionSet, seen);
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          total += costOf(selection.selectionSet, seen);
        } else {
          const fragment = fragments.get(selection.name.value);
          if (fragment && !seen.has(fragment.name.value))
            total += costOf(fragment.selectionSet, new Set(seen).add(fragment.name.value));
        }
      }
      return total;
    };
    return {
      OperationDefinition(node) {
        const cost = costOf(node.selectionSet, new Set());
        if (cost > maxCost)
          context.reportError(
            new GraphQLError(
              `This operation costs ${cost}, over the limit of ${maxCost} (ask and askBot cost ${costs.ask} each, searchDocuments ${costs.searchDocuments}): send the questions as separate requests.`,
              { nodes: [node], extensions: { code: 'QUERY_TOO_COSTLY' } },
            ),
          );
      },
    };
  };
}
