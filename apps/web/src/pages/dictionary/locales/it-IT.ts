/** Dictionary management (it-IT). */
export default {};
