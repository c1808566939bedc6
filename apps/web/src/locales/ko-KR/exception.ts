import type en from '../en-US/exception';

/** 오류 페이지. */
const exception: typeof en = {
  forbidden: '죄송합니다. 이 페이지에 접근할 권한이 없습니다.',
  notFound: '죄송합니다. 방문하신 페이지가 존재하지 않습니다.',
  serverError: '죄송합니다. 서버에서 오류가 발생했습니다.',
  loginInvalid: '로그인이 만료되었습니다. 다시 로그인해 주세요',
  loginInvalidDesc: '세션이 만료되었거나 종료되었습니다.',
  appError: '문제가 발생했습니다',
  chunkError: '애플리케이션 일부를 불러오지 못했습니다. 네트워크 연결을 확인하고 페이지를 새로 고치세요.',
};
export default exception;
