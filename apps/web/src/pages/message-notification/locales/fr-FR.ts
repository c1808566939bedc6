/** Message notification (fr-FR). */
export default {};
