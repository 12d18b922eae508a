// Two ESLint rules of our own for the api's data access (docs/decisions.md, "SQL lives in repositories"):
// - `sql-in-repositories`: the api's SQL lives in a `repository.ts` or `*-repository.ts`; services,
//   routes, gateway handlers, jobs and seeds call repository functions and never build SQL themselves.
//   A `*-sql.ts` file (lib/money-sql.ts) holds SQL fragments repositories compose: it builds SQL, never runs it.
// - `no-raw-query`: `x.query(...)` (node-postgres with `$n` text) only where a connection's own work
//   needs it; eslint.config.js lists those files (the job queue, the LISTEN connection, the session cache, db/).
// - `no-bare-status`: SQL names a sale's status through `transactionStatuses` (@sbo/contracts), never as
//   a bare number, so a search for a status finds every query that reads it.

const isSqlTag = (node) =>
  (node.type === 'Identifier' && node.name === 'sql') ||
  (node.type === 'MemberExpression' && node.object.type === 'Identifier' && node.object.name === 'sql');

const calledMethod = (node) =>
  node.callee.type === 'MemberExpression' && node.callee.property.type === 'Identifier'
    ? node.callee.property.name
    : null;

/** `x.query(...)`, not `this.query(...)` (a provider client's own lookup is no SQL). */
const isQueryCall = (node) =>
  calledMethod(node) === 'query' &&
  node.callee.type === 'MemberExpression' &&
  node.callee.object.type !== 'ThisExpression';

/** `sql\`...\``, `sql<T>\`...\``, `sql.raw(...)`, `x.query(...)`, `x.execute(...)`: where SQL is written or run. */
function sqlSites(context, report) {
  return {
    TaggedTemplateExpression(node) {
      if (isSqlTag(node.tag))
        report(
          node,
          'a sql`` template',
          node.quasi.quasis.map((q) => q.value.cooked ?? ''),
        );
    },
    CallExpression(node) {
      const method = calledMethod(node);
      const first = node.arguments[0];
      const text = first ? textOf(first) : [];
      if (method === 'raw' && isSqlTag(node.callee)) report(node, 'sql.raw()', text);
      else if (isQueryCall(node) || method === 'execute') report(node, `.${method}()`, text);
    },
  };
}

/** The literal text of a query argument: a string, a template's fixed parts, or `{ text }`. */
function textOf(node) {
  if (node.type === 'Literal' && typeof node.value === 'string') return [node.value];
  if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked ?? '');
  if (node.type === 'ObjectExpression') {
    const text = node.properties.find(
      (p) => p.type === 'Property' && p.key.type === 'Identifier' && p.key.name === 'text',
    );
    return text ? textOf(text.value) : [];
  }
  return [];
}

const repositoryFile = /(?:^|[/\\])(?:[\w-]+-)?repository\.ts$/;
const fragmentFile = /-sql\.ts$/;

export const sqlInRepositories = {
  meta: {
    type: 'problem',
    docs: { description: "SQL lives only in a module's repository.ts or *-repository.ts" },
    schema: [],
  },
  create(context) {
    if (repositoryFile.test(context.filename)) return {};
    const fragments = fragmentFile.test(context.filename);
    return sqlSites(context, (node, what) => {
      if (fragments && !what.startsWith('.')) return;
      context.report({
        node,
        message: `${what} outside a repository: move the query into the module's repository.ts or a *-repository.ts and call it.`,
      });
    });
  },
};

// `status = 97`, `t.status <> 98`, `status in (1, 2)`, `status::int = 5`: a status spelled as a number.
const bareStatus = /\bstatus(?:::\w+)?\s*(?:=|<>|!=|<=|>=|<|>)\s*\d|\bstatus(?:::\w+)?\s+(?:not\s+)?in\s*\(\s*\d/i;

export const noBareStatus = {
  meta: {
    type: 'problem',
    docs: { description: 'SQL names transaction statuses through transactionStatuses, never bare numbers' },
    schema: [],
  },
  create(context) {
    return sqlSites(context, (node, _what, text) => {
      if (text.some((part) => bareStatus.test(part)))
        context.report({
          node,
          message:
            'A bare status number in SQL: interpolate transactionStatuses.<name> (@sbo/contracts/constants) or statusIn().',
        });
    });
  },
};

export const noRawQuery = {
  meta: {
    type: 'problem',
    docs: { description: 'node-postgres query() with $n text only in the files that own a connection' },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        if (isQueryCall(node))
          context.report({
            node,
            message:
              'A raw .query(): write the SQL as a Drizzle query or sql`` template in a repository and run it through the db handle (docs/decisions.md).',
          });
      },
    };
  },
};
