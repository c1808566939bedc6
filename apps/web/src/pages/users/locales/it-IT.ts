/** User management (it-IT). */
export default {};
