/** SPEC.md §8 "Key creation", word for word. */
export const KEY_LIMIT_REACHED = 'You have reached your maximum API key limit.';
export const KEY_CREATE_FALLBACK = 'Failed to generate a new API key. Please try again.';

/** SPEC.md gives no texts for these; they follow the creation fallback's wording. */
export const KEY_RENAME_FALLBACK = 'Failed to rename the API key. Please try again.';
export const KEY_DELETE_FALLBACK = 'Failed to delete the API key. Please try again.';
export const KEY_ROLL_FALLBACK = 'Failed to roll the API key. Please try again.';
export const KEY_EXPIRY_FALLBACK = 'Failed to change the expiry of the API key. Please try again.';
export const KEY_NOT_STORED = 'This key cannot be changed here: reload the page and try again.';

/** SPEC.md gives no texts for a key's own rules; these follow the fallbacks above. */
export const KEY_RULES_LOAD_FALLBACK = 'Failed to load the rules of this key. Please try again.';
export const KEY_RULES_SAVE_FALLBACK = 'Failed to save the rules of this key. Please try again.';
