/** 한국어 messages. */
import type { Messages } from '../en-US';
import access from './access';
import account from './account';
import announcement from './announcement';
import authDemo from './auth-demo';
import common from './common';
import exception from './exception';
import home from './home';
import login from './login';
import request from './request';
import route from './route';
import settings from './settings';
import shell from './shell';
import sysInit from './sys-init';
import timeZone from './time-zone';

const messages: Messages = {
  common,
  route,
  request,
  login,
  sysInit,
  home,
  account,
  exception,
  shell,
  settings,
  access,
  announcement,
  authDemo,
  timeZone,
};

export default messages;
