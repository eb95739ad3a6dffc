// `pnpm valuation:evaluate --history A.csv --sales B.csv [--facts customer|full]`: estimates each
// sale of B from the sales of A and B that closed strictly before it, and prints the accuracy by
// price tier, by ZIP code and by confidence grade, then one JSON line with the figures
// (docs/performance.md "Valuation accuracy"; issue 37).
import { createReadStream } from 'node:fs';
import { parseArgs } from 'node:util';
import type { FactsMode } from '../src/engine/features.ts';
import {
  breakdown,
  type EvaluationSummary,
  evaluate,
  PRICE_TIERS,
  summarize,
  tierOf,
} from '../src/evaluation.ts';
import type { ClosedSale } from '../src/sale.ts';
import { readSalesCsv } from '../src/sales-csv.ts';

const { values } = parseArgs({
  options: {
    history: { type: 'string' },
    sales: { type: 'string' },
    facts: { type: 'string', default: 'customer' },
  },
});
if (!values.history || !values.sales || !['customer', 'full'].includes(values.facts ?? '')) {
  process.stderr.write(
    'Usage: pnpm valuation:evaluate --history A.csv --sales B.csv [--facts customer|full]\n',
  );
  process.exit(2);
}

async function load(path: string): Promise<ClosedSale[]> {
  const sales: ClosedSale[] = [];
  let refused = 0;
  for await (const line of readSalesCsv(createReadStream(path))) {
    if ('sale' in line) sales.push(line.sale);
    else if (++refused <= 5) process.stderr.write(`${path} line ${line.line}: ${line.error}\n`);
  }
  if (refused) process.stderr.write(`${path}: ${refused} lines refused\n`);
  return sales;
}

const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)} %`);
function table(title: string, rows: Array<[string, EvaluationSummary]>) {
  process.stdout.write(`\n${title}\n`);
  process.stdout.write('  group                 sales  estimated  MdAPE    ≤10 %    in range\n');
  for (const [key, s] of rows) {
    process.stdout.write(
      `  ${key.padEnd(20)} ${String(s.sales).padStart(6)} ${pct(s.estimated / Math.max(1, s.sales)).padStart(10)} ${pct(s.mdape).padStart(8)} ${pct(s.within10).padStart(8)} ${pct(s.inRange).padStart(9)}\n`,
    );
  }
}

const mode = values.facts as FactsMode;
const history = await load(values.history);
const sales = await load(values.sales);
const rows = evaluate(history, sales, mode);
process.stdout.write(
  `Facts: ${mode}; history ${history.length} sales, evaluated ${sales.length}.\n`,
);
const tierOrder = PRICE_TIERS.map(([name]) => name);
table(
  'By price tier',
  breakdown(rows, (r) => tierOf(r.sale.ClosePrice)).sort(
    ([a], [b]) => tierOrder.indexOf(a) - tierOrder.indexOf(b),
  ),
);
table(
  'By confidence grade',
  breakdown(rows, (r) => r.valuation?.grade).sort(([a], [b]) => a.localeCompare(b)),
);
const zips = breakdown(rows, (r) => r.sale.PostalCode ?? undefined)
  .filter(([, s]) => s.sales >= 30)
  .sort(([, a], [, b]) => (b.mdape ?? 0) - (a.mdape ?? 0));
table('By ZIP code (30+ sales; worst first)', zips);
process.stdout.write(`${JSON.stringify(summarize(rows))}\n`);
