"""nbgrader settings for the Kubernetes image only, installed as
/usr/local/etc/jupyter/nbgrader_config.py beside /etc/jupyter's deploy/nbgrader_config.py.

config.yaml mounts into each student's pod only the exchange's outbound folder (read-only) and
the student's own folder of the inbound, inbound/<student>/: there nbgrader's submit writes as
it always does. The teacher's pod has the whole exchange, so collect must look in those folders,
and takes from each only what is named after its student (deploy/README.md).
"""

c = get_config()  # noqa: F821
c.ExchangeFactory.collect = "twentyone_edu.course.collect.StudentFolderCollect"
