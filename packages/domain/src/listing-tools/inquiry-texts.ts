/**
 * The words of "Ask a question" and the owners' inbox (issue 22). No imports: the public listing
 * page's script reads them without zod (packages/contracts/package.json `./inquiry-texts`).
 */
export const INQUIRY_LIMITS = { name: 100, message: 3000 } as const;

export const INQUIRY_TEXTS = {
  formTitle: 'Ask a question',
  formIntro:
    'Your question goes to the seller by email. Your email address stays private: their answer comes to you through us, and you can reply to it.',
  name: 'Your name',
  email: 'Your email',
  phone: 'Your phone (optional)',
  message: 'Your question',
  send: 'Send question',
  sent: 'Thanks — your question is on its way to the seller. Their answer will come to your email.',
  nameRequired: 'Tell the seller your name.',
  nameTooLong: `Keep your name under ${INQUIRY_LIMITS.name} characters.`,
  phoneInvalid: 'Enter a US phone number, like (555) 201-4433, or leave it empty.',
  messageRequired: 'Write your question.',
  messageTooLong: `Keep your question under ${INQUIRY_LIMITS.message.toLocaleString('en-US')} characters.`,
  notAsking: 'This home is no longer taking questions.',
  // The dashboard
  tab: 'Questions',
  none: 'No questions yet. When a buyer asks one on your listing page, it shows here and comes to you by email.',
  unread: 'New',
  reply: 'Your answer',
  replyRequired: 'Write your answer.',
  replyTooLong: `Keep your answer under ${INQUIRY_LIMITS.message.toLocaleString('en-US')} characters.`,
  shareEmail: 'Show this buyer my email address',
  sendReply: 'Send answer',
  replied: 'Sent. The buyer gets your answer by email.',
  byEmail: 'by email',
  privacy:
    "Buyers' email addresses stay private, and so does yours: answers go through us. You can answer here or by replying to our email.",
} as const;
