/** Common problem management (it-IT). */
export default {};
