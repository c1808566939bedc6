/** User management (fr-FR). */
export default {};
