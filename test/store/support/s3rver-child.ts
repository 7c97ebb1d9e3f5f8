/** Runs s3rver in its own process (so a test can freeze it with SIGSTOP); prints its port. */
import S3rver from 's3rver'

const [directory, bucket] = process.argv.slice(2)
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
})
const { port } = await server.run()
console.log(JSON.stringify({ port }))
