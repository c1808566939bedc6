/** 繁體中文 messages. */
import type { Messages } from '../en-US';
import account from './account';
import common from './common';
import exception from './exception';
import home from './home';
import login from './login';
import request from './request';
import route from './route';
import sysInit from './sys-init';

const messages: Messages = { common, route, request, login, sysInit, home, account, exception };

export default messages;
