/** Generic request errors (spec section 8). */
export default {
  noPermission: 'No permission',
  denied: 'Request denied',
  timeout: 'The request timed out. Please try again.',
  network: 'Network error: {{message}}',
  failed: 'Request failed ({{status}})',
};
