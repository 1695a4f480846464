/** Where learners write about billing (the cancel page's support contact, spec 1 §2). */
export const SUPPORT_EMAIL = 'support@mindpath.app';
