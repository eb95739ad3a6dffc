/** The photographer's working hours (issue 21). */
export const PHOTO_APPOINTMENT_PAGES = { vendorHours: '/vendor/photography-hours' } as const;

/** Trips to properties: staff's board and the field vendor's list (issue 21). */
export const WORK_ORDER_PAGES = {
  admin: '/admin/work-orders',
  vendor: '/vendor/work-orders',
} as const;
