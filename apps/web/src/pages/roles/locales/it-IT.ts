/** Role management (it-IT). */
export default {};
