/** English (US) messages — the reference set every other language must match key for key. */
import account from './account';
import common from './common';
import exception from './exception';
import home from './home';
import login from './login';
import request from './request';
import route from './route';
import sysInit from './sys-init';

const messages = { common, route, request, login, sysInit, home, account, exception };

/** The shape of one language's messages. */
export type Messages = typeof messages;

export default messages;
