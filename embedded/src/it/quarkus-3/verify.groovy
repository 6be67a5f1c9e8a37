// Quarkus decides about its Docker-based Kafka dev service while it builds the application, before any test
// resource has started: application.properties must turn it off (%test.quarkus.kafka.devservices.enabled=false).
def log = new File(basedir, 'build.log').text
assert !log.contains('testcontainers') : 'Quarkus tried to start its Kafka dev service'
assert log.contains('Tests run: 1, Failures: 0, Errors: 0')
