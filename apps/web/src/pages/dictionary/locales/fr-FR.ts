/** Dictionary management (fr-FR). */
export default {};
