/**
 * The two dialects as Teambeat opens them (engine.ts): Kysely's own, with compilers that do two things
 * cheaper than Kysely does them by default (issue #18).
 *
 * Identifiers are written in snake_case as the compiler prints them. CamelCasePlugin renamed them by
 * rebuilding each query's whole operation tree before compiling it, which took longer than the compiling;
 * the plugin now only maps the rows that come back (`RowsCamelCasePlugin`), and the compilers use its own
 * mapper, so the SQL is the same text as before.
 *
 * SQLite parameters are written `+?` instead of `?`. SQLite's planner looks at some bound values (a LIMIT,
 * a join's key, a small integer such as tenant 1) and marks the statement to be planned again when they
 * are bound anew; better-sqlite3 clears the bindings after every run, so each such statement was parsed
 * and planned again on every run: 5-7 µs for a small join, more for a list. `+?` is the same value with the
 * same (absent) type affinity and still serves an index, but the planner does not read it, so a statement
 * is prepared once and kept (engine.ts's statement cache). What is lost: a plan chosen for one bound value,
 * which needs statistics SQLite here never has (no ANALYZE), and a partial index whose condition only a
 * bound value would meet; ours are met by literal conditions (`corrected_at is null`) or only enforce
 * uniqueness.
 */
import {
  CamelCasePlugin,
  PostgresDialect,
  PostgresQueryCompiler,
  SqliteDialect,
  SqliteQueryCompiler,
  type IdentifierNode,
  type PluginTransformQueryArgs,
  type PostgresDialectConfig,
  type RootOperationNode,
  type SqliteDialectConfig,
} from 'kysely';

/** camelCase rows from snake_case columns; the compilers below write the identifiers in snake_case. */
export class RowsCamelCasePlugin extends CamelCasePlugin {
  override transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  /** The plugin's own mapper (memoised), as its query transformer used it. */
  readonly toSnakeCase = (name: string): string => this.snakeCase(name);
}

type SnakeCase = (name: string) => string;

class SnakeCaseSqliteCompiler extends SqliteQueryCompiler {
  constructor(private readonly snakeCase: SnakeCase) {
    super();
  }

  protected override compileUnwrappedIdentifier(node: IdentifierNode): void {
    if (typeof node.name !== 'string') throw new Error('a non-string identifier was passed to the compiler');
    this.append(this.sanitizeIdentifier(this.snakeCase(node.name)));
  }

  protected override getCurrentParameterPlaceholder(): string {
    return '+?';
  }
}

class SnakeCasePostgresCompiler extends PostgresQueryCompiler {
  constructor(private readonly snakeCase: SnakeCase) {
    super();
  }

  protected override compileUnwrappedIdentifier(node: IdentifierNode): void {
    if (typeof node.name !== 'string') throw new Error('a non-string identifier was passed to the compiler');
    this.append(this.sanitizeIdentifier(this.snakeCase(node.name)));
  }
}

export class TeambeatSqliteDialect extends SqliteDialect {
  constructor(
    config: SqliteDialectConfig,
    private readonly snakeCase: SnakeCase,
  ) {
    super(config);
  }

  override createQueryCompiler(): SqliteQueryCompiler {
    return new SnakeCaseSqliteCompiler(this.snakeCase);
  }
}

export class TeambeatPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly snakeCase: SnakeCase,
  ) {
    super(config);
  }

  override createQueryCompiler(): PostgresQueryCompiler {
    return new SnakeCasePostgresCompiler(this.snakeCase);
  }
}
