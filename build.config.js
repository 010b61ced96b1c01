// The build: tsc's emit of a tsconfig (`node build.config.js [tsconfig]`, tsconfig.build.json by
// default) with one transform, constant folding: a read of a `const` whose value is a number
// literal, in its own module or imported, becomes the literal. V8 reads an imported binding
// through its module's cell with a hole check at every use (docs/architecture.md, "The build").
// Errors are tsc's, and fail the build as tsc's do.
import process from 'node:process';
import ts from 'typescript';

/** The number a `const` declaration's initializer is, or null. */
function literalValue(declaration) {
  if (!ts.isVariableDeclaration(declaration) || declaration.initializer === undefined) return null;
  if ((ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) === 0) return null;
  let value = declaration.initializer;
  while (ts.isAsExpression(value) || ts.isParenthesizedExpression(value)) value = value.expression;
  let sign = 1;
  if (ts.isPrefixUnaryExpression(value) && value.operator === ts.SyntaxKind.MinusToken) {
    sign = -1;
    value = value.operand;
  }
  if (!ts.isNumericLiteral(value)) return null;
  const number = sign * Number(value.text.replaceAll('_', ''));
  return Number.isFinite(number) ? number : null;
}

/** Whether `identifier` is a read of a value (not a name being declared, assigned or typed). */
function isRead(identifier) {
  const parent = identifier.parent;
  if (
    ts.isImportSpecifier(parent) ||
    ts.isExportSpecifier(parent) ||
    ts.isShorthandPropertyAssignment(parent) ||
    (ts.isVariableDeclaration(parent) && parent.name === identifier) ||
    (ts.isPropertyAccessExpression(parent) && parent.name === identifier) ||
    (ts.isPropertyAssignment(parent) && parent.name === identifier) ||
    (ts.isBinaryExpression(parent) &&
      parent.left === identifier &&
      parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment)
  )
    return false;
  for (let node = parent; node !== undefined; node = node.parent)
    if (ts.isTypeNode(node)) return false;
  return true;
}

/** The transform: every read of a number-literal `const` as its literal. */
function foldConstants(checker) {
  return (context) => (file) => {
    const visit = (node) => {
      if (ts.isIdentifier(node) && isRead(node)) {
        let symbol = checker.getSymbolAtLocation(node);
        if (symbol !== undefined && (symbol.flags & ts.SymbolFlags.Alias) !== 0)
          symbol = checker.getAliasedSymbol(symbol);
        const declaration = symbol?.valueDeclaration;
        const value = declaration === undefined ? null : literalValue(declaration);
        if (value !== null) {
          const literal = ts.factory.createNumericLiteral(Math.abs(value));
          return value < 0 || Object.is(value, -0)
            ? ts.factory.createParenthesizedExpression(
                ts.factory.createPrefixUnaryExpression(ts.SyntaxKind.MinusToken, literal),
              )
            : literal;
        }
      }
      return ts.visitEachChild(node, visit, context);
    };
    return ts.visitNode(file, visit);
  };
}

/** Emits the project of `tsconfig` with constants folded; the exit code tsc would give. */
function build(tsconfig) {
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => report([d]) };
  const config = ts.getParsedCommandLineOfConfigFile(tsconfig, {}, host);
  if (config === undefined) return 1;
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
  const emitted = program.emit(undefined, undefined, undefined, false, {
    before: [foldConstants(program.getTypeChecker())],
  });
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
  report(config.errors.concat(diagnostics));
  return config.errors.length + diagnostics.length === 0 ? 0 : 2;
}

function report(diagnostics) {
  if (diagnostics.length === 0) return;
  const host = {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: ts.sys.getCurrentDirectory,
    getNewLine: () => ts.sys.newLine,
  };
  const format = process.stderr.isTTY
    ? ts.formatDiagnosticsWithColorAndContext
    : ts.formatDiagnostics;
  process.stderr.write(format(diagnostics, host));
}

if (import.meta.url === `file://${process.argv[1]}`)
  process.exitCode = build(process.argv[2] ?? 'tsconfig.build.json');
