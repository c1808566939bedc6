/** The material uploader (drop zone, MD5 + instant upload, resumable tus uploads) for the materials page. */
export { MaterialUploader, CAPACITY_QUERY_KEY, type MaterialUploaderProps } from './MaterialUploader';
