/** Message notification (it-IT). */
export default {};
