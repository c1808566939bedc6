/** Role management (fr-FR). */
export default {};
