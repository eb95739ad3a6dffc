/**
 * Weighted ridge least squares: β minimising Σ wᵢ(yᵢ − xᵢ·β)² + λ‖β₁…‖² (the intercept, column
 * 0, is not shrunk). The normal equations are solved by Cholesky; a few hundred to a few
 * thousand rows of a dozen columns take well under a millisecond.
 */
export function weightedRidge(
  rows: readonly (readonly number[])[],
  y: readonly number[],
  weights: readonly number[],
  lambda: number,
): number[] | undefined {
  const k = rows[0]?.length ?? 0;
  if (k === 0) return undefined;
  const a = Array.from({ length: k }, () => new Float64Array(k));
  const b = new Float64Array(k);
  for (let i = 0; i < rows.length; i++) {
    const x = rows[i] as readonly number[];
    const w = weights[i] as number;
    const yi = y[i] as number;
    for (let p = 0; p < k; p++) {
      const wx = w * (x[p] as number);
      b[p] = (b[p] as number) + wx * yi;
      const row = a[p] as Float64Array;
      for (let q = 0; q <= p; q++) row[q] = (row[q] as number) + wx * (x[q] as number);
    }
  }
  for (let p = 1; p < k; p++)
    (a[p] as Float64Array)[p] = ((a[p] as Float64Array)[p] as number) + lambda;
  return choleskySolve(a, b);
}

/** Solve A x = b for symmetric positive definite A given by its lower triangle. */
function choleskySolve(a: Float64Array[], b: Float64Array): number[] | undefined {
  const k = b.length;
  const l = Array.from({ length: k }, () => new Float64Array(k));
  for (let i = 0; i < k; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = (a[i] as Float64Array)[j] as number;
      for (let m = 0; m < j; m++)
        sum -= ((l[i] as Float64Array)[m] as number) * ((l[j] as Float64Array)[m] as number);
      if (i === j) {
        if (!(sum > 1e-12)) return undefined;
        (l[i] as Float64Array)[i] = Math.sqrt(sum);
      } else {
        (l[i] as Float64Array)[j] = sum / ((l[j] as Float64Array)[j] as number);
      }
    }
  }
  const z = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    let sum = b[i] as number;
    for (let m = 0; m < i; m++) sum -= ((l[i] as Float64Array)[m] as number) * (z[m] as number);
    z[i] = sum / ((l[i] as Float64Array)[i] as number);
  }
  const x = new Array<number>(k).fill(0);
  for (let i = k - 1; i >= 0; i--) {
    let sum = z[i] as number;
    for (let m = i + 1; m < k; m++) sum -= ((l[m] as Float64Array)[i] as number) * (x[m] as number);
    x[i] = sum / ((l[i] as Float64Array)[i] as number);
  }
  return x;
}
