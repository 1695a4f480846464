/** Where learners write to us: the checkout cancel page (spec 1 §2) and a learning plan that never came. */
export const SUPPORT_EMAIL = 'support@mindpath.app';
