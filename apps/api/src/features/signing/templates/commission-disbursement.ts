/**
 * ============================================================================================
 *  FOR COUNSEL REVIEW — NOT YET APPROVED BY COUNSEL
 *  The commission disbursement authorisation a settlement agent signs (issue 24;
 *  docs/decisions/049). Written by the product team in plain English. Any change to the text
 *  must change CDA_TEMPLATE_VERSION (contracts): every signed copy records the version it was
 *  made from.
 * ============================================================================================
 */
import { CDA_PAYEE_ROLE_LABELS, type TCdaPayee } from '@lantern/contracts';
import { formatCents } from '@lantern/domain';
import type { DocumentBody } from '../documents.ts';

export interface CdaData {
  broker: string;
  /** One line: street, unit, city, state, zip. */
  address: string;
  escrowNumber: string | null;
  salePriceCents: number;
  closingDate: string;
  commissionCents: number;
  payees: readonly TCdaPayee[];
  agent: { name: string; email: string };
  preparedOn: string;
}

export function commissionDisbursement(d: CdaData): Omit<DocumentBody, 'footer'> {
  return {
    title: 'Commission Disbursement Authorisation',
    intro: [
      `Property: ${d.address}.`,
      `Settlement file: ${d.escrowNumber ?? 'not numbered'}.`,
      `Sale price: ${formatCents(d.salePriceCents)}. Closing date: ${d.closingDate}.`,
      `Listing brokerage: ${d.broker}. Settlement agent: ${d.agent.name} (${d.agent.email}).`,
      `Prepared on ${d.preparedOn}.`,
    ],
    sections: [
      {
        heading: 'Commission',
        paragraphs: [
          `The commission to be paid at closing from the proceeds of this sale is ${formatCents(d.commissionCents)}. It is paid in full to the payees below, in the amounts shown, which add up to the commission exactly.`,
        ],
      },
      {
        heading: 'Payees',
        paragraphs: d.payees.map(
          (p, i) =>
            `${i + 1}. ${p.name} (${CDA_PAYEE_ROLE_LABELS[p.role]}): ${formatCents(p.amountCents)}.${p.instructions ? ` Payment instructions: ${p.instructions}` : ''}`,
        ),
      },
      {
        heading: 'Authority',
        paragraphs: [
          `The settlement agent disburses the commission as set out above at closing, and not otherwise. This authorisation takes effect when ${d.broker} approves it; from then it cannot be changed, and a different disbursement needs a new authorisation signed and approved the same way.`,
          'The figures above match the settlement statement for this transaction as uploaded by the settlement agent.',
        ],
      },
    ],
    signers: [d.agent],
    signatureCaption:
      'Signed electronically by the settlement agent, who confirms the figures above match the settlement statement.',
  };
}
