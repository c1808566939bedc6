/** Menu management (fr-FR). */
export default {};
