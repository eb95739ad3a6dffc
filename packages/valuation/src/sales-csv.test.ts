import { describe, expect, it } from 'vitest';
import { detectLayout, readSalesCsv, SalesCsvError, type SalesCsvLine } from './sales-csv.ts';

async function read(text: string): Promise<SalesCsvLine[]> {
  const lines: SalesCsvLine[] = [];
  for await (const line of readSalesCsv(text)) lines.push(line);
  return lines;
}

const KC_HEADER =
  'id,date,price,bedrooms,bathrooms,sqft_living,sqft_lot,floors,waterfront,view,condition,grade,sqft_above,sqft_basement,yr_built,yr_renovated,zipcode,lat,long,sqft_living15,sqft_lot15';

describe('readSalesCsv', () => {
  it('reads the county-records layout under RESO names', async () => {
    const [line] = await read(
      `${KC_HEADER}\n123059127,20140502,625000,4,3.25,2730,54014,1,0,0,3,9,1560,1170,2007,0,98059,47.5133,-122.11,2730,111274\n`,
    );
    expect(line).toEqual({
      line: 2,
      sale: expect.objectContaining({
        ListingKey: '0123059127-2014-05-02',
        ParcelNumber: '0123059127',
        CloseDate: '2014-05-02',
        ClosePrice: 625000,
        LivingArea: 2730,
        LotSizeSquareFeet: 54014,
        BedroomsTotal: 4,
        BathroomsTotalDecimal: 3.25,
        YearBuilt: 2007,
        YearRenovated: null,
        Latitude: 47.5133,
        Longitude: -122.11,
        PostalCode: '98059',
        StateOrProvince: 'WA',
        CountyOrParish: 'King',
        PropertyCondition: 3,
        QualityGrade: 9,
        BelowGradeFinishedArea: 1170,
      }),
    });
  });

  it('reads RESO names, with full and half baths added up', async () => {
    const lines = await read(
      'ListingKey,CloseDate,ClosePrice,LivingArea,BathroomsFull,BathroomsHalf,Latitude,Longitude,PostalCode,StateOrProvince\nL1,2025-03-04,"$412,500",1800,2,1,30.31,-97.72,78751,tx\n',
    );
    expect(lines[0]).toMatchObject({
      sale: {
        ListingKey: 'L1',
        ClosePrice: 412500,
        BathroomsTotalDecimal: 2.5,
        StateOrProvince: 'TX',
      },
    });
  });

  it('refuses a bad line with its number and reason, and goes on', async () => {
    const lines = await read(
      'ListingKey,CloseDate,ClosePrice\nA,2025-02-30,100000\nB,2025-02-01,abc\nC,2025-02-01,250000\n,2025-02-01,1\n',
    );
    expect(lines).toEqual([
      { line: 2, error: 'CloseDate "2025-02-30" is not a real date.' },
      { line: 3, error: 'ClosePrice "abc" is not a number.' },
      { line: 4, sale: expect.objectContaining({ ListingKey: 'C' }) },
      { line: 5, error: 'ListingKey or ParcelNumber is missing.' },
    ]);
  });

  it('refuses a file in neither layout as a whole', async () => {
    await expect(read('name,price\nx,1\n')).rejects.toBeInstanceOf(SalesCsvError);
    expect(detectLayout(['name'])).toBeUndefined();
  });
});
