/** Message notification (en-US). */
export default {};
