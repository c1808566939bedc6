/** Registration and password recovery (fr-FR). */
export default {};
