// TEMPORARY (review helper's local loop; deleted before hand-off): the shared config without its webServer.
import base from '../../playwright.config'
export default { ...base, testDir: '../../e2e', webServer: undefined }
