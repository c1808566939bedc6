/** Common problem management (fr-FR). */
export default {};
