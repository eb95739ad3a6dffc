import type { ClosedSale } from './sale.ts';

/** Cells of 0.05° latitude by 0.05° longitude: about 5.5 km by 3.8 km at 47° N. */
const CELL_DEG = 0.05;
const KM_PER_DEG_LAT = 111.2;

/**
 * Sales in memory by map cell, for a candidate search by distance without a database (the
 * evaluation command; the store does the same with an index on its own cell column).
 */
export class SaleGrid {
  private readonly cells = new Map<string, ClosedSale[]>();

  add(sale: ClosedSale): void {
    if (sale.Latitude === null || sale.Longitude === null) return;
    const key = cellKey(sale.Latitude, sale.Longitude);
    const list = this.cells.get(key);
    if (list) list.push(sale);
    else this.cells.set(key, [sale]);
  }

  /** Sales in the cells that cover a circle of `radiusKm` (a square around it, at least). */
  near(lat: number, lng: number, radiusKm: number): ClosedSale[] {
    const dLat = Math.ceil(radiusKm / KM_PER_DEG_LAT / CELL_DEG);
    const kmPerDegLng = KM_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180);
    const dLng = Math.ceil(radiusKm / kmPerDegLng / CELL_DEG);
    const row = Math.floor(lat / CELL_DEG);
    const col = Math.floor(lng / CELL_DEG);
    const found: ClosedSale[] = [];
    for (let r = row - dLat; r <= row + dLat; r++) {
      for (let c = col - dLng; c <= col + dLng; c++) {
        const list = this.cells.get(`${r}:${c}`);
        if (list) for (const sale of list) found.push(sale);
      }
    }
    return found;
  }
}

function cellKey(lat: number, lng: number): string {
  return `${Math.floor(lat / CELL_DEG)}:${Math.floor(lng / CELL_DEG)}`;
}
